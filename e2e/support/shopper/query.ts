// What the shopper's driver and its page kit say to each other, as JSON: how a control is found
// (by role and accessible name, by visible text, or by a selector the contract names), and answers.

/** A name or text to match: a string, or a regular expression sent as its source and flags. */
export type Text = string | { source: string; flags: string };

interface Placed {
  /** Searched inside the first match of this (a labelled control: inside its label). */
  within?: Query;
  /** The nth match (from 0) in document order. */
  nth?: number;
}

export type Query =
  | (Placed & { role: string; name?: Text; exact?: boolean; level?: number })
  | (Placed & { text: Text; exact?: boolean })
  | (Placed & { css: string });

/** Where to tap a control, or why it cannot be tapped. */
export type TapPoint = { x: number; y: number } | { problem: string };

/** What has focus: its role and name, the element drawing its focus ring, what keeps that from view. */
export interface Focus {
  name: string;
  /** The element drawing the ring (null: no ring shows). */
  ring: string | null;
  /** Where it is down the page (px from the document's top). */
  top: number;
  problems: string[];
}

/** The window property the page kit is installed under. */
export const KIT_GLOBAL = '__rcShopperKit';
