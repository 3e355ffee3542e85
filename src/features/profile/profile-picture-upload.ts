import * as files from '../../../contracts/files.contract'
import type { SuccessOf } from '../../../contracts/operation'
import { apiMutation } from '../../lib/api-query'
import { athleteQueries } from '../../lib/athlete-queries'
import { sniffFileType } from '../../lib/validation/file-type'

type UploadedFile = SuccessOf<typeof files.uploadPicture>[number]

/** Why a picture was refused before (or, for the same reasons, after) being sent. */
export type PictureProblem = 'not_an_image' | 'too_large'

/** PNG, JPEG or WebP by content (a name or a browser-given type can lie), and no heavier than the limit. */
export async function checkPicture(file: Blob): Promise<PictureProblem | null> {
  const type = await sniffFileType(file)
  if (type !== 'png' && type !== 'jpeg' && type !== 'webp') return 'not_an_image'
  if (file.size > files.MAX_PICTURE_BYTES) return 'too_large'
  return null
}

/** The uploaded picture, only when the answer holds exactly one item (spec section 5); else nothing to apply. */
export function pictureFromAnswer(answer: readonly UploadedFile[]): UploadedFile | null {
  return answer.length === 1 ? answer[0]! : null
}

export const pictureMutations = {
  /**
   * Sends the athlete's picture (`d` is their id). A usable answer becomes the cached profile's
   * picture at once; either way the profile is read again, since the backend holds the truth.
   */
  upload: () =>
    apiMutation(files.uploadPicture, {
      toInput: ({ athleteId, file }: { athleteId: number; file: File }) => ({
        query: { d: athleteId, type: 'contact' as const, thumbnail: 'true' as const },
        body: { file },
      }),
      onSuccess: (queryClient, answer) => {
        const picture = pictureFromAnswer(answer)
        const key = athleteQueries.me().queryKey
        if (picture) {
          queryClient.setQueryData(key, (cached) => {
            const [profile, ...others] = cached?.profilo ?? []
            return cached && profile ? { ...cached, profilo: [{ ...profile, ...picture }, ...others] } : cached
          })
        }
        return queryClient.invalidateQueries({ queryKey: key })
      },
    }),
}
