// Building blocks shared by every domain's response schemas: Django REST Framework's error
// bodies and page envelope. Strict objects, so a live body with a missing or extra field
// fails the conformance test instead of drifting from the documentation.
import { z } from "zod";

export const zInt = (description: string) => z.int().meta({ description });
export const zText = (description: string) => z.string().meta({ description });
export const zBool = (description: string) => z.boolean().meta({ description });
export const zDateTime = (description: string) => z.iso.datetime().meta({ description });
export const zUuid = (description: string) => z.uuid().meta({ description });

export const ZErrorDetail = z.strictObject({ detail: zText("Human-readable reason.") }).meta({
  id: "ErrorDetail",
  description: "An error with a single message.",
  examples: [{ detail: "Not found." }],
});

type FieldErrorValue = string | string[] | { [field: string]: FieldErrorValue } | FieldErrorMap[];
type FieldErrorMap = { [field: string]: FieldErrorValue };

const ZFieldErrorValue: z.ZodType<FieldErrorValue> = z
  .lazy(() => z.union([z.array(z.string()), z.string(), ZNestedErrors, z.array(ZNestedErrors)]))
  .meta({
    id: "FieldErrorValue",
    description:
      "Messages for one field: a list of messages, a single message, the errors of a nested object " +
      '(for a list of plain values, its bad items by index: `{"0": ["A valid integer is required."]}`), ' +
      "or one error object per item of a list of objects (empty for valid items).",
  });

const ZNestedErrors: z.ZodType<FieldErrorMap> = z
  .lazy(() => z.record(z.string(), ZFieldErrorValue))
  .meta({
    id: "NestedFieldErrors",
    description: "Errors of a nested object, by field name.",
  });

export const ZValidationErrors = z.record(z.string(), ZFieldErrorValue).meta({
  id: "ValidationErrors",
  description:
    'Errors by field name, as Django REST Framework reports them, e.g. `{"name": ["This field is required."]}`; ' +
    "errors that concern no single field are under `non_field_errors`.",
  examples: [{ name: ["This field is required."] }],
});

export const ZErrorList = z
  .array(zText("A message."))
  .meta({ id: "ErrorList", description: "A bare list of messages." });

export const ZBadRequest = z.union([ZValidationErrors, ZErrorDetail]).meta({
  description: "Field errors, or `{detail}` for a body that is not valid JSON.",
});

/** Django REST Framework's page: `{count, next, previous, results}` with absolute URLs. */
export function paged<T extends z.ZodType>(item: T, id: string, what: string) {
  return z
    .strictObject({
      count: zInt(`Number of ${what} across all pages.`),
      next: z.url().nullable().meta({ description: "Absolute URL of the next page; null on the last page." }),
      previous: z
        .url()
        .nullable()
        .meta({ description: "Absolute URL of the previous page; null on the first page." }),
      results: z.array(item).meta({ description: `The ${what} on this page.` }),
    })
    .meta({ id, description: `One page of ${what}.` });
}

/** The value of a feature state, in the admin API's and the SDKs' answers alike. */
export const ZFeatureValue = z.union([z.string(), z.int(), z.boolean(), z.null()]).meta({
  id: "FeatureValue",
  description: "Value of the feature: a string, an integer, a boolean, or null.",
});

/** The value of a trait, in the identities' and the SDKs' answers alike. */
export const ZTraitValue = z
  .union([z.string(), z.number(), z.boolean()])
  .meta({ id: "TraitValue", description: "A trait value: a string, a number or a boolean." });
