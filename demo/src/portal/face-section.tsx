// The settings page's face section (spec part 2 §2 "Face screen", collect mode): the signed-in user
// collects their own face photo, sees the stored one with its last collection time, and may retake it. Loaded lazily
// by the settings page, so the portal's first load does not carry the face element.
import { EduFace } from '@edu-portal/react/wrappers/edu-face.ts';
import { defineTexts } from '../texts.ts';

const useFaceSectionTexts = defineTexts({
  'zh-CN': {
    title: '人脸采集',
    intro: '采集你的人脸照片后，可以在打卡终端上刷脸打卡，也可以刷脸登录。照片只保存一张，重拍后替换。',
  },
  en: {
    title: 'Face collection',
    intro:
      'With your face photo collected you can clock in at a terminal and sign in by face. One photo is kept; a retake replaces it.',
  },
  'zh-HK': {
    title: '人臉採集',
    intro: '採集你的人臉照片後，可以在打卡終端上刷臉打卡，也可以刷臉登入。照片只保存一張，重拍後替換。',
  },
});

export default function FaceSection({ userId }: { userId: string }) {
  const t = useFaceSectionTexts();
  return (
    <section className="portal-settings-section" aria-labelledby="portal-settings-face">
      <h2 id="portal-settings-face">{t.title}</h2>
      <p>{t.intro}</p>
      <EduFace mode="collect" userId={userId} />
    </section>
  );
}
