import type { ScaffoldNames } from '../scaffold-names';

/** i18n/fr_FR.json: the island's strings in French (English source -> translation). */
export function frenchTranslationsFile(_n: ScaffoldNames): string {
  const strings: Record<string, string> = {
    Draft: 'Brouillon',
    'No items yet.': "Aucun élément pour l'instant.",
    Reload: 'Recharger',
    'The items could not be loaded. Try again later.': "Les éléments n'ont pas pu être chargés. Réessayez plus tard.",
  };
  return `${JSON.stringify(strings, null, 2)}\n`;
}
