// Links from a code reference to the line in the repository's web interface.
import type { VCS_PROVIDERS } from "./schemas";

export type VcsProvider = (typeof VCS_PROVIDERS)[number];

/** GitHub's blob link pinned to the scanned revision: `{repo}/blob/{revision}/{path}#L{line}`. */
export function permalinkFor(ref: {
  provider: VcsProvider | string;
  repositoryUrl: string;
  revision: string;
  filePath: string;
  lineNumber: number;
}): string {
  const base = ref.repositoryUrl.endsWith("/") ? ref.repositoryUrl : `${ref.repositoryUrl}/`;
  const path = ref.filePath.replace(/^\.?\//, "");
  return new URL(`blob/${ref.revision}/${path}#L${ref.lineNumber}`, base).toString();
}
