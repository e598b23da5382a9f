import { defineEntity, num, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * Attachment: the stored facts of an uploaded file. The upload is a separate call and the
 * server fills every field; only the remark can be edited here.
 */
export const attach = defineEntity({
  name: 'attach',
  service: 'bl-resource',
  title: L('附件', 'Attachment', '附件'),
  nameField: 'originalName',
  owner: { by: 'uploader' },
  fields: {
    originalName: text(L('文件名', 'File name', '檔案名稱'), { max: 255, generated: true, filter: true }),
    extension: text(L('扩展名', 'Extension', '副檔名'), { max: 20, generated: true, filter: true }),
    attachSize: num(L('文件大小(字节)', 'Size (bytes)', '檔案大小(位元組)'), 'count', { generated: true }),
    name: text(L('存储名称', 'Stored name', '存儲名稱'), { max: 255, generated: true }),
    link: text(L('附件地址', 'Link', '附件地址'), { max: 1000, generated: true }),
    domain: text(L('域名', 'Domain', '網域'), { max: 255, generated: true, list: false }),
  },
});
