/** The join link as students open it: this page's origin and the session's join path. */
export const joinLinkOf = (joinPath: string): string => `${window.location.origin}${joinPath}`;
