import { z } from "zod";
import { ZProject } from "@/lib/wire/project";

export const ZProjectList = z.array(ZProject).meta({ description: "The projects, oldest first." });
