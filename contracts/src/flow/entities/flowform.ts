import { defineEntity, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** A process form (spec 02 3.1 form: formId, formName, content); the form designer's JSON travels in content. */
export const flowform = defineEntity({
  name: 'flowform',
  service: 'bl-flow',
  title: L('流程表单', 'Process form', '流程表單'),
  nameField: 'formName',
  owner: { by: 'operator' },
  fields: {
    formName: text(L('表单名称', 'Form name', '表單名稱'), { required: true, max: 100, filter: true }),
    content: text(L('表单内容', 'Form content', '表單內容'), { max: 100_000, multiline: true }),
  },
});
