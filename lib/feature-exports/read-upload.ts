// Reads an uploaded feature export file (multipart `file` and `strategy`) and checks all of it
// before anything is written: the form, the file's size, encoding, JSON and shape. Every
// refusal is a 400 that names the field, as Flagsmith's upload serializer answers.
import type { z } from "zod";
import { BadRequestError, ValidationError } from "@/lib/api/errors";
import { MAX_IMPORT_FILE_BYTES, ZFeatureFile, type TFileFeature } from "./file-format";
import { IMPORT_STRATEGIES, type ImportStrategy } from "./schemas";

/** How many problems of a file one answer lists. */
const MAX_REPORTED_ISSUES = 20;

export type Upload = { strategy: ImportStrategy; text: string; features: TFileFeature[] };

function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  const lines = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join(".") : "file";
    return `${where}: ${issue.message}`;
  });
  if (issues.length > MAX_REPORTED_ISSUES) lines.push(`and ${issues.length - MAX_REPORTED_ISSUES} more`);
  return lines;
}

async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new ValidationError({ file: ["No file was submitted."] });
  }
  try {
    return await request.formData();
  } catch {
    throw new BadRequestError("Multipart form parse error.");
  }
}

function readStrategy(raw: FormDataEntryValue | null): ImportStrategy | string[] {
  if (raw === null || raw === "") return ["This field is required."];
  if (typeof raw !== "string" || !IMPORT_STRATEGIES.includes(raw as ImportStrategy)) {
    return [`"${typeof raw === "string" ? raw.slice(0, 100) : "file"}" is not a valid choice.`];
  }
  return raw as ImportStrategy;
}

async function readText(raw: FormDataEntryValue | null): Promise<string | string[]> {
  if (raw === null || typeof raw === "string") {
    return ["The submitted data was not a file. Check the encoding type on the form."];
  }
  if (raw.size === 0) return ["The submitted file is empty."];
  if (raw.size > MAX_IMPORT_FILE_BYTES) return ["File size is too large."];
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await raw.arrayBuffer());
  } catch {
    return ["The file is not UTF-8 text."];
  }
}

function parseFeatures(text: string): TFileFeature[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw ValidationError.field("file", `The file is not valid JSON: ${(error as Error).message}`);
  }
  const result = ZFeatureFile.safeParse(json);
  if (!result.success) throw new ValidationError({ file: describeIssues(result.error.issues) });
  const seen = new Set<string>();
  for (const feature of result.data) {
    const key = feature.name.toLowerCase();
    if (seen.has(key)) throw ValidationError.field("file", `The feature ${feature.name} appears twice.`);
    seen.add(key);
  }
  return result.data;
}

export async function readUpload(request: Request): Promise<Upload> {
  const form = await readForm(request);
  const strategy = readStrategy(form.get("strategy"));
  const text = await readText(form.get("file"));
  const errors: Record<string, string[]> = {};
  if (Array.isArray(text)) errors.file = text;
  if (Array.isArray(strategy)) errors.strategy = strategy;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return {
    strategy: strategy as ImportStrategy,
    text: text as string,
    features: parseFeatures(text as string),
  };
}
