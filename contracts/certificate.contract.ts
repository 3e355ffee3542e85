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

/** A custom field's id, as the JSON:API body spells it (a number, as text). */
export const MAX_CUSTOM_FIELD_ID_LENGTH = 20
const CustomFieldIdSchema = z.string().check(z.minLength(1), z.maxLength(MAX_CUSTOM_FIELD_ID_LENGTH))

export const CustomFieldPatchSchema = z.object({
  data: z.object({
    type: z.literal('custom_fields'),
    /** The custom field's id: the same as the path's. */
    id: CustomFieldIdSchema,
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

/**
 * The custom field is not the athlete's, or no certificate file was uploaded before saving (404);
 * the expiry date is before today, in Rome (422 `in_past`: an expired certificate is no
 * certificate).
 */
export const CertificateSaveErrorSchema = z.enum(['unknown_custom_field', 'no_uploaded_file', 'in_past'])
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
      data: z.object({ type: z.literal('custom_fields'), id: CustomFieldIdSchema, attributes: CustomFieldAttributesSchema }),
    }),
    404: problemOf(CertificateSaveErrorSchema),
    422: problemOf(CertificateSaveErrorSchema),
  },
  errors: CertificateSaveErrorSchema,
})
