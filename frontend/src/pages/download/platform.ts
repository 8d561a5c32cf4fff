export type Platform = 'mac' | 'windows' | 'ios' | 'android' | 'other';

/** The visitor's platform from the browser's own hints (user agent data when offered). */
export function detectPlatform(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & { userAgentData?: { platform?: string } } = navigator): Platform {
  const hint = nav.userAgentData?.platform?.toLowerCase() ?? '';
  const ua = nav.userAgent.toLowerCase();
  if (/android/.test(hint) || /android/.test(ua)) return 'android';
  if (/iphone|ipad|ipod/.test(ua) || (/macintosh/.test(ua) && nav.maxTouchPoints > 1)) return 'ios';
  if (/mac/.test(hint) || /macintosh|mac os x/.test(ua)) return 'mac';
  if (/win/.test(hint) || /windows/.test(ua)) return 'windows';
  return 'other';
}
