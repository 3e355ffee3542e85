import { useLingui } from '@lingui/react/macro'
import { Suspense, useState } from 'react'
import { isExperienceAnswered } from '../../../machines/rules/profile-completeness'
import { useAthlete } from '../../lib/athlete-queries'
import { lazyPart, PartBoundary } from '../../ui/lazy-part'
import { isExperienceQuestionPutOff, putOffExperienceQuestion } from './experience-later'

/** Most athletes have answered: the dialog, its form and their libraries load only for those who have not. */
const ExperienceQuestion = lazyPart(() => import('./experience-question'))

/**
 * Asks a new athlete, once, whether they have run an experience race (spec section 4: asked while
 * the first `torexperience` item has no truthy answer). Opens by itself; "Later" puts it off for
 * the rest of the signed-in session (experience-later.ts); a failed save keeps the answer and says
 * what went wrong.
 */
export function ExperienceDialog() {
  const { t } = useLingui()
  const { profile } = useAthlete()
  // The storage is read, not watched: this state hides the question the moment "Later" is chosen.
  const [later, setLater] = useState<number | null>(null)
  if (!profile || isExperienceAnswered(profile) || later === profile.id || isExperienceQuestionPutOff(profile.id)) return null
  const putOff = () => {
    putOffExperienceQuestion(profile.id)
    setLater(profile.id)
  }
  return (
    <PartBoundary message={t`The question about experience races could not load.`} floating onDismiss={putOff}>
      <Suspense fallback={null}>
        <ExperienceQuestion profile={profile} onLater={putOff} />
      </Suspense>
    </PartBoundary>
  )
}
