// Writes an operation's FieldDocs into the JSON Schema generated for its request body,
// where the domain's zod schema carries no description of its own.
import type { oas31 } from "zod-openapi";
import type { FieldDocs } from "./types";

type Schema = oas31.SchemaObject | oas31.ReferenceObject;
type Components = Record<string, Schema>;

function resolve(schema: Schema, components: Components): oas31.SchemaObject {
  if ("$ref" in schema && schema.$ref) {
    const target = components[schema.$ref.replace("#/components/schemas/", "")];
    if (!target) throw new Error(`Unresolvable reference ${schema.$ref}`);
    return resolve(target, components);
  }
  return schema as oas31.SchemaObject;
}

/** The object schemas a schema stands for: itself, its list items, or its union branches. */
function objectsOf(schema: Schema, components: Components): oas31.SchemaObject[] {
  const s = resolve(schema, components);
  if (s.properties) return [s];
  if (s.items) return objectsOf(s.items, components);
  return [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap((b) =>
    objectsOf(b, components),
  );
}

export function applyFieldDocs(
  schema: Schema,
  docs: FieldDocs,
  components: Components,
  where: string,
  seen = new Set<oas31.SchemaObject>(),
): void {
  for (const object of objectsOf(schema, components)) {
    if (seen.has(object)) continue;
    seen.add(object);
    for (const [field, doc] of Object.entries(docs)) {
      const property = object.properties?.[field];
      // A described field that the schema no longer has means the docs went stale.
      if (!property) throw new Error(`${where}: documented field "${field}" is not in the schema`);
      const [description, nested] = typeof doc === "string" ? [doc, undefined] : doc;
      property.description ??= description;
      if (nested) applyFieldDocs(property, nested, components, `${where}.${field}`, seen);
    }
  }
}
