import {
  ZInviteCreate,
  ZInviteLinkCreate,
  ZJoinParams,
  ZOrganisationInviteLinkParams,
  ZOrganisationInviteParams,
  ZOrganisationInvitesParams,
} from "@/lib/invitations/schemas";
import { ZErrorDetail } from "../responses/common";
import {
  ZInvite,
  ZInviteLink,
  ZInviteLinkList,
  ZInviteList,
  ZInviteWithLink,
  ZInviteWithLinkList,
} from "../responses/invitations";
import { ZOrganisation } from "../responses/organisations";
import type { Operation } from "../types";
import { forbidden, invalidBody, noContent, notAuthenticated, notFound, ok } from "./shared";

const base = { tag: "Invitations" as const, security: "token" as const };
const notAdmin = { 403: forbidden("The caller is a member but not an admin of the organisation") };
const org = "/api/v1/organisations/{organisationId}";
const expired = { description: "The invitation has expired (`Invite has expired`).", schema: ZErrorDetail };

export const invitationOperations: Operation[] = [
  {
    ...base,
    method: "post",
    path: `${org}/invite/`,
    operationId: "inviteToOrganisation",
    summary: "Invite people by email",
    description:
      "Makes one invitation per email, all or none (at most 50 in one request; an organisation holds at most " +
      "ENSIGN_MAX_PENDING_INVITES_PER_ORGANISATION pending ones). Each answer holds the invitation's link, " +
      "shown only here and on resend; it is emailed when SMTP is configured (ENSIGN_SMTP_URL). " +
      "An invitation works for ENSIGN_INVITE_EXPIRY_DAYS days (7).",
    params: ZOrganisationInvitesParams,
    body: ZInviteCreate,
    status: 201,
    responses: {
      201: ok("The invitations, each with its link.", ZInviteWithLinkList),
      400: invalidBody,
      401: notAuthenticated,
      ...notAdmin,
      404: notFound("The organisation"),
    },
  },
  {
    ...base,
    method: "get",
    path: `${org}/invites/`,
    operationId: "listOrganisationInvites",
    summary: "List pending invitations",
    params: ZOrganisationInvitesParams,
    status: 200,
    responses: {
      200: ok("The pending invitations.", ZInviteList),
      401: notAuthenticated,
      ...notAdmin,
      404: notFound("The organisation"),
    },
  },
  {
    ...base,
    method: "get",
    path: `${org}/invites/{inviteId}/`,
    operationId: "getOrganisationInvite",
    summary: "Get a pending invitation",
    params: ZOrganisationInviteParams,
    status: 200,
    responses: {
      200: ok("The invitation.", ZInvite),
      401: notAuthenticated,
      ...notAdmin,
      404: notFound("The organisation or the invitation"),
    },
  },
  {
    ...base,
    method: "delete",
    path: `${org}/invites/{inviteId}/`,
    operationId: "revokeOrganisationInvite",
    summary: "Revoke an invitation",
    description: "Its link stops working at once.",
    params: ZOrganisationInviteParams,
    status: 204,
    responses: {
      204: noContent("The invitation is revoked."),
      401: notAuthenticated,
      ...notAdmin,
      404: notFound("The organisation or the invitation"),
    },
  },
  {
    ...base,
    method: "post",
    path: `${org}/invites/{inviteId}/resend/`,
    operationId: "resendOrganisationInvite",
    summary: "Resend an invitation",
    description:
      "Makes a new link (the previous one stops working), valid for a full period again, and emails it when " +
      "SMTP is configured.",
    params: ZOrganisationInviteParams,
    status: 200,
    responses: {
      200: ok("The invitation with its new link.", ZInviteWithLink),
      401: notAuthenticated,
      ...notAdmin,
      404: notFound("The organisation or the invitation"),
    },
  },
  {
    ...base,
    method: "get",
    path: `${org}/invite-links/`,
    operationId: "listOrganisationInviteLinks",
    summary: "List invite links",
    params: ZOrganisationInvitesParams,
    status: 200,
    responses: {
      200: ok("The invite links.", ZInviteLinkList),
      401: notAuthenticated,
      ...notAdmin,
      404: notFound("The organisation"),
    },
  },
  {
    ...base,
    method: "post",
    path: `${org}/invite-links/`,
    operationId: "createOrganisationInviteLink",
    summary: "Create an invite link",
    description: "Anyone holding the link can join with its role until it expires or is deleted.",
    params: ZOrganisationInvitesParams,
    body: ZInviteLinkCreate,
    status: 201,
    responses: {
      201: ok("The invite link.", ZInviteLink),
      400: invalidBody,
      401: notAuthenticated,
      ...notAdmin,
      404: notFound("The organisation"),
    },
  },
  {
    ...base,
    method: "delete",
    path: `${org}/invite-links/{inviteLinkId}/`,
    operationId: "deleteOrganisationInviteLink",
    summary: "Delete an invite link",
    params: ZOrganisationInviteLinkParams,
    status: 204,
    responses: {
      204: noContent("The link is deleted and stops working."),
      401: notAuthenticated,
      ...notAdmin,
      404: notFound("The organisation or the invite link"),
    },
  },
  {
    ...base,
    method: "post",
    path: "/api/v1/users/join/{hash}/",
    operationId: "joinOrganisationFromEmailInvite",
    summary: "Join through an email invitation",
    description:
      "The signed-in account joins the organisation with the invitation's role (a member keeps their role); " +
      "the invitation is used up. The account's email must be the invited one.",
    params: ZJoinParams,
    status: 200,
    responses: {
      200: ok("The organisation joined.", ZOrganisation),
      400: {
        description: "Expired, or the account's email is not the invited one.",
        schema: ZErrorDetail,
      },
      401: notAuthenticated,
      404: notFound("The invitation (unknown, used or revoked)"),
    },
  },
  {
    ...base,
    method: "post",
    path: "/api/v1/users/join/link/{hash}/",
    operationId: "joinOrganisationFromInviteLink",
    summary: "Join through an invite link",
    description:
      "The signed-in account joins the organisation with the link's role (a member keeps their role).",
    params: ZJoinParams,
    status: 200,
    responses: {
      200: ok("The organisation joined.", ZOrganisation),
      400: expired,
      401: notAuthenticated,
      404: notFound("The invite link (unknown or deleted)"),
    },
  },
];
