// What makes a pickable SVG thing (a legal square, a follower spot, a crown space, a follower) usable with the
// keyboard alone: it is in the tab order, a screen reader calls it a button by its label, and Enter or Space on
// it does what a click does. The key goes no further: the page's own Enter (confirm) does not see it. A square,
// spot or crown space picked so leaves the board (the tentative tile or the ghost follower stands there), so the
// next Enter reaches the page and confirms.

export interface PickableProps {
  /** Lower case: on an SVG element Preact sets the attribute by this name, and SVG's is `tabindex`. */
  tabindex: number;
  role: 'button';
  'aria-label': string;
  onKeyDown: (e: Pick<KeyboardEvent, 'key' | 'preventDefault' | 'stopPropagation'>) => void;
}

export function pickable(label: string, activate: () => void): PickableProps {
  return {
    tabindex: 0,
    role: 'button',
    'aria-label': label,
    onKeyDown: (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault(); // Space would scroll the page
      e.stopPropagation();
      activate();
    },
  };
}
