// Reads an uploaded dump (multipart `file`): the form, the size, the encoding and the JSON are
// checked before anything else, each refusal a 400 on `file`, as the feature import answers.
import { BadRequestError, ValidationError } from "@/lib/api/errors";
import { MAX_DUMP_UPLOAD_BYTES } from "./format";

export async function readDumpUpload(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw ValidationError.field("file", "No file was submitted.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new BadRequestError("Multipart form parse error.");
  }
  const file = form.get("file");
  if (file === null || typeof file === "string") {
    throw ValidationError.field(
      "file",
      "The submitted data was not a file. Check the encoding type on the form.",
    );
  }
  if (file.size === 0) throw ValidationError.field("file", "The submitted file is empty.");
  if (file.size > MAX_DUMP_UPLOAD_BYTES) {
    throw ValidationError.field(
      "file",
      `File size is too large (at most ${MAX_DUMP_UPLOAD_BYTES} bytes here; use npm run import:flagsmith -- --dump for larger files).`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw ValidationError.field("file", "The file is not UTF-8 text.");
  }
  return parseDumpText(text);
}

export function parseDumpText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw ValidationError.field("file", `The file is not valid JSON: ${(error as Error).message}`);
  }
}
