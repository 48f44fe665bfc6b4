// POST /api/v1/users/join/{hash}/ — the signed-in account joins through an email invitation
import { withApi } from "@/lib/api/handler";
import { joinFromEmailInvite } from "@/lib/invitations/join";
import { ZJoinParams } from "@/lib/invitations/schemas";

export const POST = withApi(
  { auth: "user", permission: { member: true }, params: ZJoinParams },
  ({ user, params }) => joinFromEmailInvite(user, params.hash),
);
