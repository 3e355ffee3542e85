import * as z from 'zod/mini'
import { DateOnlySchema, NumericIdParam, problemOf } from './common'
import { defineOperation } from './operation'

/** The organiser's custom-field definition that holds the medical certificate. */
export const CERTIFICATE_FIELD_DEFINITION_ID = '82'

const CustomFieldAttributesSchema = z.object({
  /** The certificate's expiry date. */
  value: DateOnlySchema,
  number_value: z.nullable(z.number()),
  boolean_value: z.nullable(z.boolean()),
  my_dirty: z.boolean(),
})

export const CustomFieldPatchSchema = z.object({
  data: z.object({
    type: z.literal('custom_fields'),
    id: z.string(),
    attributes: CustomFieldAttributesSchema,
    relationships: z.object({
      custom_field_definition: z.object({
        data: z.object({
          type: z.literal('custom_field_definitions'),
          id: z.literal(CERTIFICATE_FIELD_DEFINITION_ID),
        }),
      }),
    }),
  }),
})

/** The custom field is not the athlete's, or no certificate file was uploaded before saving. */
export const CertificateSaveErrorSchema = z.enum(['unknown_custom_field', 'no_uploaded_file'])
export type CertificateSaveError = z.infer<typeof CertificateSaveErrorSchema>

export const save = defineOperation({
  name: 'certificate.save',
  summary: 'Record the uploaded certificate and its expiry on the custom field (definition 82).',
  method: 'PATCH',
  path: '/api/v1/custom_fields/:id',
  auth: 'bearer',
  pathParams: z.object({ id: NumericIdParam }),
  body: { kind: 'json', schema: CustomFieldPatchSchema },
  responses: {
    200: z.object({
      data: z.object({ type: z.literal('custom_fields'), id: z.string(), attributes: CustomFieldAttributesSchema }),
    }),
    404: problemOf(CertificateSaveErrorSchema),
  },
  errors: CertificateSaveErrorSchema,
})
