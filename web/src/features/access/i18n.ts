import { registrationsMessages } from './registrations/i18n';
import { roleEditorMessages } from './roles/i18n';

/** Users' rights' words: the registrations screen's and the role editor's (one line each in the words' composition before). */
export const accessStrings = [registrationsMessages, roleEditorMessages];
