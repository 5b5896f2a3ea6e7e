// Line icons on a 24x24 grid, stroked with currentColor (drawn for this app; simple geometric shapes).
// A panel registering itself in the view registry may use one of these names or pass its own path data.

export const ICONS = {
  plus: 'M12 5v14M5 12h14',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  pencil: 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4',
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  redo: 'M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3.5 9h17M3.5 15h17M12 3c-2.5 2.7-3.5 5.7-3.5 9s1 6.3 3.5 9M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9',
  monitor: 'M3 4h18v12H3zM8 20h8M12 16v4',
  chevronDown: 'M6 9l6 6 6-6',
  chevronRight: 'M9 6l6 6-6 6',
  chevronLeft: 'M15 6l-6 6 6 6',
  play: 'M7 4l13 8-13 8z',
  stop: 'M6 6h12v12H6z',
  braces: 'M8 3H7a2 2 0 0 0-2 2v4a2 2 0 0 1-2 2 2 2 0 0 1 2 2v4a2 2 0 0 0 2 2h1M16 3h1a2 2 0 0 1 2 2v4a2 2 0 0 0 2 2 2 2 0 0 0-2 2v4a2 2 0 0 1-2 2h-1',
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5',
  sliders: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  alert: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v5M12 16.5v.5',
  check: 'M5 12.5l4.5 4.5L19 7',
  grip: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  // Three small rings (radius 1): zero-length strokes drew dots too faint to read as a button.
  more: 'M6 12a1 1 0 1 1-2 0a1 1 0 1 1 2 0M13 12a1 1 0 1 1-2 0a1 1 0 1 1 2 0M20 12a1 1 0 1 1-2 0a1 1 0 1 1 2 0',
  refresh: 'M20 11a8 8 0 0 0-14.9-3.5L4 9M4 4v5h5M4 13a8 8 0 0 0 14.9 3.5L20 15M20 20v-5h-5',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  x: 'M6 6l12 12M18 6L6 18',
  cloud: 'M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 6 9.5 4.3 4.3 0 0 0 7 18z',
  cloudOff: 'M3 3l18 18M8.5 6.2A6 6 0 0 1 17.5 10a4 4 0 0 1 2.7 6.4M17 18H7a4.3 4.3 0 0 1-1-8.5',
  arrowUp: 'M12 19V5M6 11l6-6 6 6',
  arrowDown: 'M12 5v14M6 13l6 6 6-6',
} as const;

export type IconName = keyof typeof ICONS;
