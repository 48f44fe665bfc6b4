// POST /api/v1/projects/{id}/promotions/ — apply chosen parts of a promotion to the target environment
import { withApi } from "@/lib/route/handler";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";
import { applyPromotion } from "@/lib/promotion/apply";
import { promotionPermission } from "@/lib/promotion/permission";
import { ZPromotionResult } from "@/lib/promotion/responses";
import { ZPromotionApply, ZPromotionParams } from "@/lib/promotion/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: promotionPermission("UPDATE_FEATURE_STATE"),
    params: ZPromotionParams,
    body: ZPromotionApply,
    openapi: {
      operationId: "applyPromotion",
      summary: "Promote features between environments",
      description:
        "Makes the chosen parts of the target environment's features what the source's are, in one transaction: each created, changed or deleted state is audited and sent to webhooks, and each feature changed gets one new version (restore the one before to undo). A protected target needs `confirm_protected: true`.",
      tag: "Feature states",
      responses: {
        200: ok("The features and their new versions.", ZPromotionResult),
        400: invalidBody,
        403: forbidden(
          "The caller lacks VIEW_ENVIRONMENT on the source or UPDATE_FEATURE_STATE on the target, or one does not exist",
        ),
        404: notFound("The project"),
      },
    },
  },
  ({ params, body }) => applyPromotion(params.projectId, body),
);
