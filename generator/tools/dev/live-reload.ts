// Live reload for `npm run dev`: an event stream at /__dev/events, a small client script, and its injection into HTML
// answers (never into the built files).
import type { RuleId } from '../../build/messages/rules.js';

export const DEV_PREFIX = '/__dev/';
export const EVENTS_PATH = '/__dev/events';
export const CLIENT_PATH = '/__dev/client.js';

/** A content problem as the browser overlay shows it. */
export interface Problem {
  file: string;
  line?: number;
  column?: number;
  /** A rule of the catalog (generator/build/messages/rules.ts), as every message carries. */
  ruleId: RuleId;
  reason: string;
}

/** What the browser is told: the id of the build being served, and the problems of the latest attempt. */
export interface DevState {
  build: number;
  problems: Problem[];
}

/** Keeps idle proxies and browsers from dropping the stream. */
const KEEPALIVE_MS = 15_000;

export class EventHub {
  private readonly clients = new Set<ReadableStreamDefaultController<Uint8Array>>();
  private readonly encoder = new TextEncoder();
  private timer?: NodeJS.Timeout;

  constructor(private readonly state: () => DevState) {}

  get size(): number {
    return this.clients.size;
  }

  /** Sends the state to every open page; each page decides whether to reload or show the overlay. */
  broadcast(): void {
    const chunk = this.encoder.encode(frame(this.state()));
    for (const client of this.clients) {
      try {
        client.enqueue(chunk);
      } catch {
        this.clients.delete(client);
      }
    }
  }

  /** The answer to GET /__dev/events: the current state at once, then every change. */
  open(): Response {
    let self: ReadableStreamDefaultController<Uint8Array> | undefined;
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        self = controller;
        this.clients.add(controller);
        controller.enqueue(this.encoder.encode(`retry: 1000\n${frame(this.state())}`));
        this.keepAlive();
      },
      cancel: () => {
        if (self) this.clients.delete(self);
      },
    });
    return new Response(stream, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  }

  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const client of this.clients) {
      try {
        client.close();
      } catch {
        // Already closed by the browser.
      }
    }
    this.clients.clear();
  }

  private keepAlive(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const ping = this.encoder.encode(': keep-alive\n\n');
      for (const client of this.clients) {
        try {
          client.enqueue(ping);
        } catch {
          this.clients.delete(client);
        }
      }
    }, KEEPALIVE_MS);
    this.timer.unref();
  }
}

function frame(state: DevState): string {
  return `event: state\ndata: ${JSON.stringify(state)}\n\n`;
}

/** Adds the client script to an HTML page, telling it which build the page came from. */
export function injectClient(html: string, build: number): string {
  const tag = `<script src="${CLIENT_PATH}" data-dev-build="${build}"></script>`;
  const at = html.search(/<\/body\s*>/i);
  return at < 0 ? `${html}${tag}` : `${html.slice(0, at)}${tag}${html.slice(at)}`;
}

/** A page for when no build has passed yet: the overlay says why. */
export function waitingPage(): string {
  return injectClient(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Waiting for a build</title></head><body><p>No build of the content has passed yet.</p></body></html>',
    0,
  );
}

/**
 * The browser side: reloads when the served build changes, shows an overlay with file, line and message while the
 * latest build has problems, and reconnects on its own (EventSource) when the dev server restarts.
 */
export const CLIENT_SCRIPT = `(() => {
  const me = document.currentScript;
  const pageBuild = Number(me && me.dataset.devBuild);
  const OVERLAY = '__dev-overlay';
  const text = (tag, content, style) => {
    const el = document.createElement(tag);
    el.textContent = content;
    if (style) el.setAttribute('style', style);
    return el;
  };
  const hide = () => { const o = document.getElementById(OVERLAY); if (o) o.remove(); };
  const show = (problems) => {
    hide();
    const o = document.createElement('div');
    o.id = OVERLAY;
    o.setAttribute('role', 'alert');
    o.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,20,24,.94);color:#f5f5f5;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:32px');
    o.appendChild(text('h2', 'The content has ' + problems.length + ' error' + (problems.length === 1 ? '' : 's') + '; the last good build is still served.', 'margin:0 0 16px;color:#ff8080;font-size:18px'));
    for (const p of problems) {
      const item = document.createElement('div');
      item.className = '__dev-problem';
      item.setAttribute('style', 'margin:0 0 14px;padding:10px 12px;border-left:3px solid #ff8080;background:rgba(255,255,255,.05)');
      item.appendChild(text('div', p.file + (p.line ? ':' + p.line + (p.column ? ':' + p.column : '') : ''), 'color:#9cdcfe;font-weight:bold'));
      item.appendChild(text('div', p.reason, 'white-space:pre-wrap'));
      item.appendChild(text('div', p.ruleId, 'color:#999'));
      o.appendChild(item);
    }
    o.appendChild(text('p', 'Fix the file and save: this page reloads by itself.', 'color:#bbb'));
    document.body.appendChild(o);
  };
  const events = new EventSource(${JSON.stringify(EVENTS_PATH)});
  events.addEventListener('state', (event) => {
    const state = JSON.parse(event.data);
    if (state.problems.length > 0) { show(state.problems); return; }
    if (state.build !== pageBuild) { events.close(); location.reload(); return; }
    hide();
  });
})();
`;
