/** A product category is displayed in at most this many countries (SPEC §5, §9). */
export const CATEGORY_MAX_COUNTRIES = 10;
