import { CART_LINES_MAX } from '@shop/shared';

/** A line of a visitor's cart as the browser keeps it: the tool, how many, at what price then. */
export interface StoredCartLine {
  toolId: string;
  /** The tool's name and picture when added: shown if the tool has left the shop since. */
  name: string;
  img: string;
  quantity: number;
  /** Dollars per unit when the line was added or changed: the cart says when the price moved. */
  addedUnitPrice: number;
}

/**
 * What the browser keeps of the cart: a visitor's lines (they join the account's cart at
 * sign-in) and, for anyone, Our Moto's "needed by" day that checkout starts from.
 */
interface StoredCart {
  lines: StoredCartLine[];
  neededBy?: string;
}

const STORAGE_KEY = 'shop.cart';
const EMPTY: StoredCart = { lines: [] };

const isWholeNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** Storage is the user's to edit: anything that is not a well-formed line is dropped. */
function parse(text: string | null): StoredCart {
  if (!text) return EMPTY;
  try {
    const stored = JSON.parse(text) as Partial<StoredCart> | null;
    const lines = Array.isArray(stored?.lines) ? stored.lines : [];
    const seen = new Set<string>();
    return {
      lines: lines
        .filter(
          (line): line is StoredCartLine =>
            typeof line?.toolId === 'string' &&
            typeof line.name === 'string' &&
            typeof line.img === 'string' &&
            isWholeNumber(line.quantity) &&
            typeof line.addedUnitPrice === 'number' &&
            !seen.has(line.toolId) &&
            Boolean(seen.add(line.toolId)),
        )
        .slice(0, CART_LINES_MAX),
      neededBy: typeof stored?.neededBy === 'string' ? stored.neededBy : undefined,
    };
  } catch {
    return EMPTY;
  }
}

let cached: { text: string | null; cart: StoredCart } | undefined;
const listeners = new Set<() => void>();

/** The stored cart; the same object while the storage holds the same text (for React). */
export function readStoredCart(): StoredCart {
  let text: string | null = null;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window's quota): the cart lives as long as the page.
  }
  if (cached?.text !== text) cached = { text, cart: parse(text) };
  return cached.cart;
}

function write(cart: StoredCart) {
  const text = JSON.stringify(cart);
  try {
    localStorage.setItem(STORAGE_KEY, text);
  } catch {
    // As above: kept in memory only.
  }
  cached = { text, cart };
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: changes made here, and in the shop's other tabs. */
export function subscribeStoredCart(listener: () => void) {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The server's page (prerendered) has no storage: an empty cart, as the first paint shows it. */
export const serverStoredCart = () => EMPTY;

/**
 * Adds units of a tool (making its line, priced as the shop shows it now); false when the cart
 * already holds the most tools it may.
 */
export function addStoredLine(added: StoredCartLine): boolean {
  const cart = readStoredCart();
  const line = cart.lines.find((stored) => stored.toolId === added.toolId);
  if (!line && cart.lines.length >= CART_LINES_MAX) return false;
  const lines = line
    ? cart.lines.map((stored) =>
        stored === line ? { ...added, quantity: stored.quantity + added.quantity } : stored,
      )
    : [...cart.lines, added];
  write({ ...cart, lines });
  return true;
}

/** A line's new quantity, at the unit price the shop shows now. */
export function setStoredQuantity(toolId: string, quantity: number, unitPrice: number) {
  const cart = readStoredCart();
  write({
    ...cart,
    lines: cart.lines.map((line) =>
      line.toolId === toolId ? { ...line, quantity, addedUnitPrice: unitPrice } : line,
    ),
  });
}

export function removeStoredLine(toolId: string) {
  const cart = readStoredCart();
  write({ ...cart, lines: cart.lines.filter((line) => line.toolId !== toolId) });
}

/** After the lines joined the account's cart. */
export function clearStoredLines() {
  write({ ...readStoredCart(), lines: [] });
}

/** Our Moto's day, kept for the checkout (YYYY-MM-DD), or none. */
export function storeNeededBy(day: string | undefined) {
  write({ ...readStoredCart(), neededBy: day });
}
