// The object a permissions view is about: the organisation, one project or one environment.
export type PermissionScope =
  | { kind: "organisation"; id: number }
  | { kind: "project"; id: number }
  | { kind: "environment"; key: string };
