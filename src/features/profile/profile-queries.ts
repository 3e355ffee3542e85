import * as athlete from '../../../contracts/athlete.contract'
import { apiMutation } from '../../lib/api-query'
import { athleteQueries } from '../../lib/athlete-queries'

export const profileMutations = {
  /**
   * Saves the profile (the body is built by `toProfileUpdate`, without read-only fields). The saved
   * profile the backend answers with replaces the cached one, so the completeness meter and the
   * navigation guard see it at once; an answer without it makes the cache ask again.
   */
  save: () =>
    apiMutation(athlete.save, {
      toInput: (body: athlete.ProfileUpdate) => ({ body }),
      onSuccess: (queryClient, data) => {
        const [saved] = data.profilo
        const key = athleteQueries.me().queryKey
        if (!saved) return queryClient.invalidateQueries({ queryKey: key })
        queryClient.setQueryData(key, (cached) => cached && { ...cached, profilo: [saved, ...cached.profilo.slice(1)] })
      },
    }),
}
