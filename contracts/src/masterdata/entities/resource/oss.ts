import { defineEntity, oneOf, password, text } from '../../../entities/define';

/** Object storage configuration: where uploaded attachments are kept. */
export const oss = defineEntity({
  name: 'oss',
  service: 'bl-resource',
  title: ['对象存储配置', 'Object storage', '對象存儲配置'],
  codeField: 'ossCode',
  owner: { by: 'operator' },
  fields: {
    ossCode: text(['存储编号', 'Storage code', '存儲編號'], { required: true, max: 40, filter: true }),
    category: oneOf(['存储类型', 'Storage type', '存儲類型'], {
      LOCAL: ['本地磁盘', 'Local disk', '本地磁碟'],
      S3: ['S3兼容存储', 'S3-compatible', 'S3相容存儲'],
      MINIO: ['MinIO', 'MinIO', 'MinIO'],
      ALIYUN: ['阿里云OSS', 'Aliyun OSS', '阿里雲OSS'],
      TENCENT: ['腾讯云COS', 'Tencent COS', '騰訊雲COS'],
      QINIU: ['七牛云', 'Qiniu', '七牛雲'],
    }, { required: true, filter: true }),
    endpoint: text(['资源地址', 'Endpoint', '資源地址'], { max: 255 }),
    accessKey: text(['访问密钥ID', 'Access key', '存取金鑰ID'], { max: 255, list: false }),
    secretKey: password(['访问密钥', 'Secret key', '存取金鑰']),
    bucketName: text(['存储桶', 'Bucket', '存儲桶'], { max: 100, filter: true }),
    appId: text(['应用ID', 'App ID', '應用ID'], { max: 100, list: false }),
    region: text(['地域', 'Region', '地域'], { max: 100 }),
  },
});
