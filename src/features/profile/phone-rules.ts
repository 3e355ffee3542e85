import { queryOptions } from '@tanstack/react-query'
import type { MetadataJson } from 'libphonenumber-js/core'
// The package's own export of this path is a JavaScript module wrapping the data, which `?url`
// would ship as code: the JSON file itself is the data asset.
import metadataUrl from '../../../node_modules/libphonenumber-js/metadata.min.json?url'
import * as z from 'zod/mini'
import { loadStaticJson } from '../../lib/api-client'

const MetadataSchema = z.pipe(
  z.looseObject({
    version: z.number(),
    country_calling_codes: z.record(z.string(), z.array(z.string())),
    countries: z.record(z.string(), z.array(z.unknown())),
    nonGeographic: z.record(z.string(), z.array(z.unknown())),
  }),
  // The numbering plans inside are libphonenumber's own format: it reads them, not us.
  z.transform((metadata) => metadata as unknown as MetadataJson),
)

/**
 * The phone-number checks (libphonenumber's code, about 10 KiB gzip) and their numbering plans (a
 * data file of about 20 KiB gzip), loaded together on demand and once per visit: neither is part
 * of the profile screen's own JavaScript.
 */
export const phoneRulesQuery = queryOptions({
  queryKey: ['static', 'phone-rules'] as const,
  queryFn: async () => {
    const [{ phoneRules }, metadata] = await Promise.all([
      import('../../lib/validation/phone'),
      loadStaticJson(metadataUrl, MetadataSchema),
    ])
    return phoneRules(metadata)
  },
  staleTime: Infinity,
  gcTime: Infinity,
  // Functions, not data: nothing to compare with a previous answer.
  structuralSharing: false,
})
