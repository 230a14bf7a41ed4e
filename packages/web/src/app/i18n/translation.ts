/**
 * The type every language's catalog has: the English catalog's shape (`Catalog`, en.ts) with every
 * string free, so a key missing from a language is a compile error, plus the plural forms a language
 * needs beyond English's `_one` / `_other` (CLDR categories: Russian `_few` / `_many`, French and
 * Spanish `_many`), which i18next picks through Intl.PluralRules.
 */
import type { Catalog } from './en.js';

/** The extra plural keys allowed beside a `<key>_other`. */
type PluralExtras<T> = { [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${'zero' | 'two' | 'few' | 'many'}` : never]?: string };

/** A catalog of the shape `T` (default: the English catalog's). */
export type Translation<T = Catalog> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> } & PluralExtras<T>;
