/**
 * The day the organiser's first race was run: the company page counts its years of activity from
 * here, and the build writes the same count into the page's frame (scripts/frame-words-plugin.ts).
 */
export const FOUNDED_ON = '2007-09-15'
