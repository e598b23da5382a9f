import { messageChoices } from '../../web/src/features/masterdata/messages/messageCodes';
import { messages } from '../../web/src/i18n/messages';

describe("the message catalogue's picker: the server's messages, by their words", () => {
  it('offers every leaf under an errors or validation group, at the top or one level down, and nothing else', () => {
    const tree = {
      errors: { staleVersion: 'stale {{expected}}', nested: { deep: 'deep one' } },
      validation: { required: 'X is required' },
      warehouse: { errors: { moved: 'moved on' }, title: 'Warehouse' },
      app: { title: 'Console' },
      deeper: { group: { errors: { no: 'too deep' } } },
    };
    expect(messageChoices(tree)).toEqual([
      { code: 'errors.nested.deep', text: 'deep one' },
      { code: 'errors.staleVersion', text: 'stale {{expected}}' },
      { code: 'validation.required', text: 'X is required' },
      { code: 'warehouse.errors.moved', text: 'moved on' },
    ]);
  });

  it("holds the messages the server answers with, in each language's own words", () => {
    for (const lang of ['zh', 'en', 'mo'] as const) {
      const choices = messageChoices(messages[lang]);
      const codes = choices.map((c) => c.code);
      // a field rule, a kit refusal and a context's own refusal are all offered
      expect(codes).toContain('validation.lines.duplicate');
      expect(codes.some((c) => c.startsWith('errors.'))).toBe(true);
      expect(codes.some((c) => c.startsWith('warehouse.errors.'))).toBe(true);
      expect(choices.every((c) => c.text.trim() !== '' && c.text !== c.code)).toBe(true);
    }
    expect(messageChoices(messages.zh).find((c) => c.code === 'validation.lines.duplicate')!.text).not.toBe(messageChoices(messages.en).find((c) => c.code === 'validation.lines.duplicate')!.text);
  });
});
