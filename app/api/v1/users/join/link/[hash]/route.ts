// POST /api/v1/users/join/link/{hash}/ — the signed-in account joins through an invite link
import { withApi } from "@/lib/api/handler";
import { joinFromInviteLink } from "@/lib/invitations/join";
import { ZJoinParams } from "@/lib/invitations/schemas";

export const POST = withApi(
  { auth: "user", permission: { member: true }, params: ZJoinParams },
  ({ user, params }) => joinFromInviteLink(user, params.hash),
);
