/** A session's user agent as people name it (AB-3.19: "Chrome on macOS"), pure. Browser and OS names are proper nouns: not translated. */

/** Browser and operating system of a user-agent string; `''` for a part not recognised. */
export function parseUserAgent(ua: string | null | undefined): { browser: string; os: string } {
  const s = ua ?? '';
  const browser = /Edg(e|A|iOS)?\//.test(s)
    ? 'Edge'
    : /OPR\/|Opera/.test(s)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(s)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(s)
          ? 'Chrome'
          : /Safari\//.test(s)
            ? 'Safari'
            : '';
  const os = /iPhone|iPad|iPod/.test(s)
    ? 'iOS'
    : /Android/.test(s)
      ? 'Android'
      : /Windows/.test(s)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(s)
          ? 'macOS'
          : /CrOS/.test(s)
            ? 'ChromeOS'
            : /Linux|X11/.test(s)
              ? 'Linux'
              : '';
  return { browser, os };
}

/**
 * The readable name of a user agent: "Chrome on macOS", "Safari on iOS", just "Firefox" or "Linux" when only one is
 * known, else `unknown` (the caller's text, e.g. "Unknown device").
 */
export function describeUserAgent(ua: string | null | undefined, words: { on: (browser: string, os: string) => string; unknown: string }): string {
  const { browser, os } = parseUserAgent(ua);
  if (browser && os) return words.on(browser, os);
  return browser || os || words.unknown;
}
