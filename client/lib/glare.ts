// The glare on product cards (`[data-glare]`): the pointer's position over a card, as the
// custom properties the stylesheet places the glare with. One delegated listener for the whole
// page, no React: the home page's script budget has no room for an island per card.
// Keyboard focus and reduced motion are handled by CSS alone (a centred, still glare).

const REDUCED = '(prefers-reduced-motion: reduce)';

function place(event: PointerEvent) {
  if (event.pointerType === 'touch') return;
  const card = (event.target as Element | null)?.closest?.('[data-glare]') as HTMLElement | null;
  if (!card || matchMedia(REDUCED).matches) return;
  const box = card.getBoundingClientRect();
  card.style.setProperty('--glare-x', `${Math.round(((event.clientX - box.left) / box.width) * 100)}%`);
  card.style.setProperty('--glare-y', `${Math.round(((event.clientY - box.top) / box.height) * 100)}%`);
  card.dataset.glareActive = '';
}

function leave(event: PointerEvent) {
  const card = (event.target as Element | null)?.closest?.('[data-glare]') as HTMLElement | null;
  if (card && !card.contains(event.relatedTarget as Node | null)) delete card.dataset.glareActive;
}

let started = false;

export function startGlare(): void {
  if (started) return;
  started = true;
  document.addEventListener('pointermove', place, { passive: true });
  document.addEventListener('pointerout', leave, { passive: true });
}
