// Path parameters shared by many routes. The route wrapper answers any path parameter
// that does not parse with 404, as Django's URL patterns do, never 400.
import { z } from "zod";

export const zId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine((n) => n <= 2147483647);

export const pathParams = <T extends z.ZodRawShape>(shape: T) => z.object(shape);
