// Flagsmith's response shapes for members, groups and grants.
import type { z } from "zod";
import type { ZGroup, ZGroupDetail, ZMember, ZUserSummary } from "@/lib/permissions/responses";

type UserRow = {
  id: number;
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  lastLogin: Date | null;
  createdAt: Date;
};

/** A user as lists show them (Flagsmith's UserListSerializer without the organisation fields). */
export function serializeUserSummary(user: UserRow): z.infer<typeof ZUserSummary> {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    last_login: user.lastLogin?.toISOString() ?? null,
    uuid: user.uuid,
  };
}

/** A member of an organisation, with their role. */
export function serializeMember(user: UserRow, role: string): z.infer<typeof ZMember> {
  return {
    ...serializeUserSummary(user),
    role: role as z.infer<typeof ZMember>["role"],
    date_joined: user.createdAt.toISOString(),
  };
}

export type GroupRow = {
  id: number;
  name: string;
  isDefault: boolean;
  externalId: string | null;
  members: { isGroupAdmin: boolean; user: UserRow }[];
};

const memberOf = (m: GroupRow["members"][number]) => {
  const { uuid: _uuid, ...user } = serializeUserSummary(m.user);
  return { ...user, group_admin: m.isGroupAdmin };
};

/** Lists and details: members spelled out. */
export function serializeGroupDetail(group: GroupRow): z.infer<typeof ZGroupDetail> {
  return {
    id: group.id,
    name: group.name,
    users: group.members.map(memberOf),
    is_default: group.isDefault,
    external_id: group.externalId,
  };
}

/** Create and update answers: member ids. */
export function serializeGroup(group: GroupRow): z.infer<typeof ZGroup> {
  return {
    id: group.id,
    name: group.name,
    users: group.members.map((m) => m.user.id),
    is_default: group.isDefault,
    external_id: group.externalId,
  };
}
