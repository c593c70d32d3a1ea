import type { ScaffoldNames } from '../scaffold-names';

/** i18n/fr_FR.json: the island's strings in French (English source -> translation). */
export function frenchTranslationsFile(_n: ScaffoldNames): string {
  const strings: Record<string, string> = {
    Draft: 'Brouillon',
    'No items yet.': "Aucun élément pour l'instant.",
    Reload: 'Recharger',
    'The items could not be loaded. Try again later.': "Les éléments n'ont pas pu être chargés. Réessayez plus tard.",
    'New item': 'Nouvel élément',
    Name: 'Nom',
    Description: 'Description',
    Add: 'Ajouter',
    'Give the item a name.': "Donnez un nom à l'élément.",
    'The name is too long (at most 256 characters).': 'Le nom est trop long (256 caractères au plus).',
    'The description is too long (at most 2000 characters).': 'La description est trop longue (2000 caractères au plus).',
  };
  return `${JSON.stringify(strings, null, 2)}\n`;
}
