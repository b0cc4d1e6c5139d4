/**
 * pdf-lib and ics are their own chunks, fetched once My Disputes is in use (not on the click
 * that needs them), so building a packet or a calendar file makes no request.
 */
export const loadEvidencePacket = () => import('@/lib/evidence-packet');
export const loadCalendar = () => import('./calendar');

export function preloadDisputeTools(): void {
  void loadEvidencePacket();
  void loadCalendar();
}
