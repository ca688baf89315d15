/**
 * Full page navigations, behind an object so tests can replace them (jsdom cannot navigate).
 * Use the router for ordinary navigation; this is for leaving the app state behind (sign out).
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
