import Stripe from 'stripe';

export interface DeliverySettings {
  /** Send every event twice. */
  duplicate: boolean;
  /** Send each batch of events in a random order, all at once. */
  shuffle: boolean;
  /** Wait this long before sending each batch. */
  delayMs: number;
  /** Keep every batch until `release()` (or `settled()`): "late" without depending on timing. */
  hold: boolean;
  /** Never deliver (a webhook Stripe gave up on, or an endpoint that was down): the events stay listed in `GET /v1/events`. */
  drop: boolean;
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  status: number;
  attempt: number;
}

export const DEFAULT_DELIVERY: DeliverySettings = {
  duplicate: false,
  shuffle: false,
  delayMs: 0,
  hold: false,
  drop: false,
};

const RETRY_DELAYS_MS = [100, 400, 1600];

/**
 * Sends signed events to the app's webhook URL the way Stripe does: raw JSON body,
 * `Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`, retried on failure. The knobs make
 * duplicates, disorder and delay happen on purpose so the app's handling of them can be tested.
 */
export class WebhookEmitter {
  readonly deliveries: DeliveryRecord[] = [];
  /** Every event sent, by id, so a test can redeliver an old one (like the Dashboard's "Resend"). */
  readonly events = new Map<string, Stripe.Event>();
  settings: DeliverySettings = { ...DEFAULT_DELIVERY };
  private readonly pending = new Set<Promise<void>>();
  private held: (() => void)[] = [];

  constructor(
    public url: string | null,
    private readonly secret: string,
  ) {}

  /** Starts delivery; the returned promise settles when every copy has been answered or given up. */
  send(events: Stripe.Event[]): Promise<void> {
    for (const event of events) this.events.set(event.id, event);
    const settings = this.settings;
    if (!this.url || events.length === 0 || settings.drop) return Promise.resolve();
    let batch = settings.duplicate ? events.flatMap((event) => [event, event]) : [...events];
    if (settings.shuffle) batch = shuffled(batch);
    const run = (async () => {
      if (settings.hold) await new Promise<void>((release) => this.held.push(release));
      if (settings.delayMs > 0) await sleep(settings.delayMs);
      if (settings.shuffle) await Promise.all(batch.map((event) => this.deliver(event)));
      else for (const event of batch) await this.deliver(event);
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  /** Whether `send()` finishes delivering before it resolves' caller moves on (no delay, no hold). */
  get immediate(): boolean {
    return this.settings.delayMs === 0 && !this.settings.hold;
  }

  /** Lets held batches go. */
  release(): void {
    const held = this.held;
    this.held = [];
    for (const release of held) release();
  }

  /** Releases held batches and resolves once nothing is waiting to be delivered. */
  async settled(): Promise<void> {
    this.release();
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async deliver(event: Stripe.Event): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; ; attempt++) {
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
      let status: number;
      try {
        const response = await fetch(this.url!, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': header,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      this.deliveries.push({ eventId: event.id, type: event.type, status, attempt });
      const retryDelay = RETRY_DELAYS_MS[attempt - 1];
      if ((status >= 200 && status < 300) || retryDelay === undefined) return;
      await sleep(retryDelay);
    }
  }
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}
