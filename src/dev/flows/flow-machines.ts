import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { AnyStateMachine } from 'xstate'
import { certificateMachine } from '../../../machines/certificate/certificate.machine'
import { enrolmentMachine } from '../../../machines/enrolment/enrolment.machine'
import { paymentWaitMachine } from '../../../machines/enrolment/payment-wait.machine'
import { waitingRoomMachine } from '../../../machines/opening/waiting-room.machine'
import { lotteryMachine } from '../../../machines/places/lottery.machine'
import { placeChangeMachine } from '../../../machines/places/place-change.machine'
import { transferGiveMachine, transferTakeMachine } from '../../../machines/places/transfer.machine'
import { waitListMachine } from '../../../machines/places/wait-list.machine'
import { loginDrawerMachine } from '../../../machines/session/login-drawer.machine'
import { sessionMachine } from '../../../machines/session/session.machine'

/** The machines the Flows page draws, in the order an athlete meets them. */
export const FLOW_MACHINES: ReadonlyArray<{ machine: AnyStateMachine; title: MessageDescriptor }> = [
  { machine: sessionMachine, title: msg`Session` },
  { machine: loginDrawerMachine, title: msg`Login drawer` },
  { machine: certificateMachine, title: msg`Medical certificate upload` },
  { machine: waitingRoomMachine, title: msg`Opening day: waiting room and held place` },
  { machine: enrolmentMachine, title: msg`Enrolment wizard` },
  { machine: paymentWaitMachine, title: msg`Waiting for the payment provider` },
  { machine: lotteryMachine, title: msg`Lottery: application, draw and drawn place` },
  { machine: waitListMachine, title: msg`Wait list and its timed offers` },
  { machine: placeChangeMachine, title: msg`Withdrawing or deferring a place` },
  { machine: transferGiveMachine, title: msg`Passing a place on: the giver` },
  { machine: transferTakeMachine, title: msg`Passing a place on: the recipient` },
]
