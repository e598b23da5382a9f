import { defineEntity, num, text } from '../../../entities/define';

/**
 * Attachment: the stored facts of an uploaded file. The upload is a separate call and the
 * server fills every field; only the remark can be edited here.
 */
export const attach = defineEntity({
  name: 'attach',
  service: 'bl-resource',
  title: ['附件', 'Attachment', '附件'],
  nameField: 'originalName',
  owner: { by: 'uploader' },
  fields: {
    originalName: text(['文件名', 'File name', '檔案名稱'], { max: 255, generated: true, filter: true }),
    extension: text(['扩展名', 'Extension', '副檔名'], { max: 20, generated: true, filter: true }),
    attachSize: num(['文件大小(字节)', 'Size (bytes)', '檔案大小(位元組)'], 'count', { generated: true }),
    name: text(['存储名称', 'Stored name', '存儲名稱'], { max: 255, generated: true }),
    link: text(['附件地址', 'Link', '附件地址'], { max: 1000, generated: true }),
    domain: text(['域名', 'Domain', '網域'], { max: 255, generated: true, list: false }),
  },
});
