/** A phone or small tablet, by its user agent: such visitors get a page's mobile variant. */
export function isMobileAgent(userAgent: string | null | undefined): boolean {
  return /Mobi|Android|iPhone|iPod|HarmonyOS/i.test(userAgent ?? '');
}
