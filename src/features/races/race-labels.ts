import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { TrailType } from '../../../contracts/races.contract'

/** The course's terrain, as athletes call it. */
export const TRAIL_TYPE_LABELS: Record<TrailType, MessageDescriptor> = {
  trail: msg`Trail`,
  ultra: msg`Ultra trail`,
  skyrace: msg`Skyrace`,
  vertical: msg`Vertical`,
  snow: msg`Snow trail`,
}
