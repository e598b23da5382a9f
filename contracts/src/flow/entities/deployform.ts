import { defineEntity, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** The form shown at one node of one deployment (spec 02 3.1 deploy form: deployId, formKey, nodeKey, nodeName, content). */
export const deployform = defineEntity({
  name: 'deployform',
  service: 'bl-flow',
  title: L('部署表单', 'Deploy form', '部署表單'),
  owner: { by: 'operator' },
  fields: {
    deployId: text(L('部署ID', 'Deployment ID', '部署ID'), { required: true, max: 64, filter: true }),
    formKey: text(L('表单标识', 'Form key', '表單標識'), { required: true, max: 64, filter: true }),
    nodeKey: text(L('节点标识', 'Node key', '節點標識'), { max: 64, filter: true }),
    nodeName: text(L('节点名称', 'Node name', '節點名稱'), { max: 100 }),
    content: text(L('表单内容', 'Form content', '表單內容'), { max: 100_000, multiline: true }),
  },
});
