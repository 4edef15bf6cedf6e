// The formats a published text is read in: each has its own units (sentences, list items, JSON values…) and links.
export type TextFormat = 'json' | 'markdown' | 'html' | 'xml' | 'plain';
