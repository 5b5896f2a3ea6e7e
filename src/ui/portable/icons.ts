// Path data of this area's own icons (24x24 line icons, drawn like ../common/icons.ts).
export const SHARE_ICON = 'M18 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM6 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM18 16a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4';
export const SESSION_ICON = 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5';
