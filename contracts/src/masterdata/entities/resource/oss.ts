import { defineEntity, oneOf, password, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Object storage configuration: where uploaded attachments are kept. */
export const oss = defineEntity({
  name: 'oss',
  service: 'bl-resource',
  title: L('对象存储配置', 'Object storage', '對象存儲配置'),
  codeField: 'ossCode',
  owner: { by: 'operator' },
  fields: {
    ossCode: text(L('存储编号', 'Storage code', '存儲編號'), { required: true, max: 40, filter: true }),
    category: oneOf(L('存储类型', 'Storage type', '存儲類型'), {
      LOCAL: L('本地磁盘', 'Local disk', '本地磁碟'),
      S3: L('S3兼容存储', 'S3-compatible', 'S3相容存儲'),
      MINIO: L('MinIO', 'MinIO', 'MinIO'),
      ALIYUN: L('阿里云OSS', 'Aliyun OSS', '阿里雲OSS'),
      TENCENT: L('腾讯云COS', 'Tencent COS', '騰訊雲COS'),
      QINIU: L('七牛云', 'Qiniu', '七牛雲'),
    }, { required: true, filter: true }),
    endpoint: text(L('资源地址', 'Endpoint', '資源地址'), { max: 255 }),
    accessKey: text(L('访问密钥ID', 'Access key', '存取金鑰ID'), { max: 255, list: false }),
    secretKey: password(L('访问密钥', 'Secret key', '存取金鑰')),
    bucketName: text(L('存储桶', 'Bucket', '存儲桶'), { max: 100, filter: true }),
    appId: text(L('应用ID', 'App ID', '應用ID'), { max: 100, list: false }),
    region: text(L('地域', 'Region', '地域'), { max: 100 }),
  },
});
