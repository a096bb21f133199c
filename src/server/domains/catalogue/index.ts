export { DEFAULT_CHALLENGES } from './default-challenges';
export { loadPriceTable, priceBooking, priceQuote } from './price-list';
export { itemTranslationsOf } from './item-translations';
export { writeGazetteerIndex } from './geocoder/gazetteer';
