// Line icons of the transport controls on the 24x24 grid of common/icons.ts (drawn for this app).

export const TRANSPORT_ICONS = {
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M8 5v14M16 5v14',
  step: 'M6 5l9 7-9 7zM18 5v14',
  stepPhase: 'M4 12h9M9 7l5 5-5 5M18 5v14',
  restart: 'M4 12a8 8 0 1 0 2.5-5.8M4 4v5h5',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01',
  compare: 'M4 7h9M4 12h16M4 17h12',
} as const;
