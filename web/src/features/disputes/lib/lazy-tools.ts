/**
 * pdf-lib and ics are their own chunks, fetched when a dispute's thread opens (not on first
 * click), so building a packet or a calendar file makes no request.
 */
export const loadEvidencePacket = () => import('@/lib/evidence-packet');
export const loadCalendar = () => import('./calendar');

export function preloadDisputeTools(): void {
  void loadEvidencePacket();
  void loadCalendar();
}
