// Line icons for the files panel (24x24, stroked with currentColor), drawn for it in the style of common/icons.ts.

export const FILE_ICONS = {
  folder: 'M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z',
  folderOpen: 'M3 17.5V6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h7.5A1.5 1.5 0 0 1 20 8.5V10M3 17.5l2.6-6.4A1.5 1.5 0 0 1 7 10h13.4a1 1 0 0 1 .9 1.4L18.7 18a1.5 1.5 0 0 1-1.4 1H4.5A1.5 1.5 0 0 1 3 17.5z',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4',
  fileText: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  fileImage: 'M6 3h8l4 4v14H6zM14 3v4h4M8 18l3-4 2 2.5 1.5-1.5L17 18z',
  fileBinary: 'M6 3h8l4 4v14H6zM14 3v4h4M9.5 11v4M14 11h.01M14 15h.01M11.5 11v.01',
  filePlus: 'M6 3h8l4 4v14H6zM14 3v4h4M12 11v6M9 14h6',
  folderPlus: 'M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5zM12 10v6M9 13h6',
  upload: 'M12 16V4M7 9l5-5 5 5M5 20h14',
  archive: 'M4 4h16v5H4zM5 9v11h14V9M10 13h4',
  sparkle: 'M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.5 2.5M15.2 15.2l2.5 2.5M6.3 17.7l2.5-2.5M15.2 8.8l2.5-2.5',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4zM12 10.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z',
  wrench: 'M14.7 6.3a4 4 0 0 0-5.4 5.2L4 16.8V20h3.2l5.3-5.3a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.8-.7-.7-2.8z',
  terminal: 'M4 5h16v14H4zM7 9l3 3-3 3M12 15h5',
} as const;
