// POST /api/v1/projects/{id}/promotions/preview/ — what promoting features between two environments would change
import { withApi } from "@/lib/route/handler";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";
import { promotionPermission } from "@/lib/promotion/permission";
import { previewPromotion } from "@/lib/promotion/preview";
import { ZPromotionPreviewResult } from "@/lib/promotion/responses";
import { ZPromotionParams, ZPromotionPreview } from "@/lib/promotion/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: promotionPermission("VIEW_ENVIRONMENT"),
    params: ZPromotionParams,
    body: ZPromotionPreview,
    openapi: {
      operationId: "previewPromotion",
      summary: "Preview a promotion between environments",
      description:
        "Compares each feature's environment default (enabled, value, option weights) and segment overrides (order, enabled, value, weights) in the source and target environments, and lists the parts that differ. Writes nothing.",
      tag: "Feature states",
      responses: {
        200: ok("The difference, feature by feature.", ZPromotionPreviewResult),
        400: invalidBody,
        403: forbidden("The caller lacks VIEW_ENVIRONMENT on either environment, or one does not exist"),
        404: notFound("The project"),
      },
    },
  },
  ({ params, body }) => previewPromotion(params.projectId, body),
);
