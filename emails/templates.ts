import type { Locale } from '@/lib/i18n/localized';

/**
 * Default mail templates, in both languages (the type makes a missing language a compile error).
 * `{name}` placeholders are filled from the variables; values are HTML-escaped in the HTML part.
 */
type Template = { subject: string; lines: string[] };
type Bilingual = Record<Locale, Template>;

export const mailTemplates = {
  // Account mail names the platform only ({platform}): a conference's title is its organisers' text,
  // and anyone can have these sent to any address.
  registerCode: {
    zh: {
      subject: '【{platform}】注册验证码',
      lines: ['您好：', '您正在注册{platform}的账号，验证码为：{code}', '验证码 {minutes} 分钟内有效。如非本人操作，请忽略本邮件。'],
    },
    en: {
      subject: '[{platform}] Your sign-up code',
      lines: [
        'Hello,',
        'You are creating an account on {platform}. Your verification code is: {code}',
        'The code is valid for {minutes} minutes. If this was not you, please ignore this email.',
      ],
    },
  },
  resetPassCode: {
    zh: {
      subject: '【{platform}】重置密码验证码',
      lines: [
        '您好：',
        '您正在重置{platform}账号的密码，验证码为：{code}',
        '验证码 {minutes} 分钟内有效。如非本人操作，请忽略本邮件，您的密码不会改变。',
      ],
    },
    en: {
      subject: '[{platform}] Your password reset code',
      lines: [
        'Hello,',
        'You asked to reset the password of your {platform} account. Your verification code is: {code}',
        'The code is valid for {minutes} minutes. If this was not you, ignore this email; your password stays unchanged.',
      ],
    },
  },
  loginCode: {
    zh: {
      subject: '【{platform}】登录验证码',
      lines: [
        '您好：',
        '您的账号因多次输入错误密码而被暂时锁定。您正在登录{platform}，验证码为：{code}',
        '请在登录页同时输入密码和此验证码。验证码 {minutes} 分钟内有效。如非本人操作，说明有人在尝试您的密码，请考虑修改密码。',
      ],
    },
    en: {
      subject: '[{platform}] Your sign-in code',
      lines: [
        'Hello,',
        'Your account is temporarily locked after too many wrong passwords. You are signing in to {platform}. Your sign-in code is: {code}',
        'Enter it together with your password on the sign-in page. The code is valid for {minutes} minutes. If this was not you, someone is trying your password: consider changing it.',
      ],
    },
  },
  feedback: {
    zh: {
      subject: '【{platform}】意见反馈验证码',
      lines: ['您好：', '您正在通过{platform}提交意见反馈，验证码为：{code}', '验证码 {minutes} 分钟内有效。如非本人操作，请忽略本邮件。'],
    },
    en: {
      subject: '[{platform}] Your feedback verification code',
      lines: [
        'Hello,',
        'You are sending feedback through {platform}. Your verification code is: {code}',
        'The code is valid for {minutes} minutes. If this was not you, please ignore this email.',
      ],
    },
  },
  feedbackReply: {
    zh: {
      subject: '【{conference}】您的反馈已回复：{title}',
      lines: ['{name}，您好：', '会务组回复了您的反馈“{title}”：', '{reply}', '您可以在个人中心的“意见反馈”中查看全部回复。'],
    },
    en: {
      subject: '[{conference}] Reply to your feedback: {title}',
      lines: [
        'Dear {name},',
        'The organisers replied to your feedback "{title}":',
        '{reply}',
        'You can read every reply under "Feedback" in the personal centre.',
      ],
    },
  },
  passwordChanged: {
    zh: {
      subject: '【{platform}】密码已重置',
      lines: [
        '{name}，您好：',
        '您在{platform}的账号密码已于刚才重置，所有已登录的设备均已退出。',
        '如非本人操作，请立即通过“忘记密码”重新设置密码。',
      ],
    },
    en: {
      subject: '[{platform}] Your password was reset',
      lines: [
        'Dear {name},',
        'The password of your {platform} account has just been reset and every signed-in device was signed out.',
        'If this was not you, set a new password at once with "Forgot password".',
      ],
    },
  },
  registrationSuccess: {
    zh: {
      subject: '【{conference}】注册成功',
      lines: [
        '{name}，您好：',
        '您已成功注册 {conference}，注册号为：{code}。',
        '{fees}',
        '您可以随时登录会议网站的个人中心查看注册信息和订单。',
      ],
    },
    en: {
      subject: '[{conference}] Your registration',
      lines: [
        'Dear {name},',
        'You are registered for {conference}. Your registration number is {code}.',
        '{fees}',
        'Sign in to the conference website at any time to see your registration and your orders in the personal centre.',
      ],
    },
  },
  publicationRequested: {
    zh: {
      subject: '【会议发布申请】{conference}',
      lines: [
        '平台管理员您好：',
        '{name}（{email}）申请发布会议「{conference}」（{slug}）。',
        '请登录平台，在“发布审核”中批准或驳回该申请。',
      ],
    },
    en: {
      subject: '[Publication request] {conference}',
      lines: [
        'Hello,',
        '{name} ({email}) asks to publish the conference "{conference}" ({slug}).',
        'Please sign in and approve or reject the request under "Publication requests".',
      ],
    },
  },
  publicationApproved: {
    zh: {
      subject: '【{conference}】会议已发布',
      lines: ['您好：', '您的会议「{conference}」发布申请已通过，网站现已对所有访问者开放。'],
    },
    en: {
      subject: '[{conference}] Your conference is published',
      lines: ['Hello,', 'The publication of "{conference}" was approved: its website is now open to every visitor.'],
    },
  },
  publicationRejected: {
    zh: {
      subject: '【{conference}】会议发布申请未通过',
      lines: ['您好：', '您的会议「{conference}」发布申请未通过，原因：{reason}', '修改后可再次申请发布。'],
    },
    en: {
      subject: '[{conference}] Publication request rejected',
      lines: [
        'Hello,',
        'The publication of "{conference}" was not approved. Reason: {reason}',
        'You may request publication again after making changes.',
      ],
    },
  },
  paymentReceived: {
    zh: {
      subject: '【{conference}】支付成功',
      lines: [
        '{name}，您好：',
        '我们已收到您的付款 {amount}（支付单号 {billNo}），相关订单已支付成功。',
        '您可以在个人中心的“我的订单”中下载收据或申请发票。',
      ],
    },
    en: {
      subject: '[{conference}] Payment received',
      lines: [
        'Dear {name},',
        'We received your payment of {amount} (payment {billNo}); the orders it pays are now paid.',
        'You can download the receipt or request an invoice under "My orders" in the personal centre.',
      ],
    },
  },
  // The payment confirmation of each kind of order (spec §3 email config: registration, optional and
  // hotel payment): a bill whose orders are all of one type gets its type's mail (lib/payments/payment-mail.ts).
  registrationPaymentReceived: {
    zh: {
      subject: '【{conference}】注册费支付成功',
      lines: [
        '{name}，您好：',
        '我们已收到您的注册费 {amount}（支付单号 {billNo}），您的会议注册费已支付成功。',
        '您可以在个人中心的“我的订单”中下载收据或申请发票。',
      ],
    },
    en: {
      subject: '[{conference}] Registration fee paid',
      lines: [
        'Dear {name},',
        'We received your registration fee of {amount} (payment {billNo}); your conference registration is paid.',
        'You can download the receipt or request an invoice under "My orders" in the personal centre.',
      ],
    },
  },
  optionalPaymentReceived: {
    zh: {
      subject: '【{conference}】可选费用支付成功',
      lines: [
        '{name}，您好：',
        '我们已收到您的可选费用 {amount}（支付单号 {billNo}），相关可选项目已支付成功。',
        '您可以在个人中心的“我的订单”中下载收据或申请发票。',
      ],
    },
    en: {
      subject: '[{conference}] Optional fee paid',
      lines: [
        'Dear {name},',
        'We received your payment of {amount} for optional items (payment {billNo}); they are now paid.',
        'You can download the receipt or request an invoice under "My orders" in the personal centre.',
      ],
    },
  },
  hotelPaymentReceived: {
    zh: {
      subject: '【{conference}】酒店费用支付成功',
      lines: [
        '{name}，您好：',
        '我们已收到您的酒店费用 {amount}（支付单号 {billNo}），您的酒店预订已支付成功。',
        '您可以在个人中心的“酒店预订”中查看预订，在“我的订单”中下载收据。',
      ],
    },
    en: {
      subject: '[{conference}] Hotel booking paid',
      lines: [
        'Dear {name},',
        'We received your payment of {amount} for your hotel booking (payment {billNo}); the booking is now paid.',
        'You can see the booking under "Hotel booking" and download the receipt under "My orders" in the personal centre.',
      ],
    },
  },
  paymentConfirmed: {
    zh: {
      subject: '【{conference}】汇款已确认',
      lines: [
        '{name}，您好：',
        '会务组已确认收到您的汇款 {amount}（支付单号 {billNo}），相关订单已支付成功。',
        '您可以在个人中心的“我的订单”中下载收据或申请发票。',
      ],
    },
    en: {
      subject: '[{conference}] Transfer confirmed',
      lines: [
        'Dear {name},',
        'The organisers confirmed your transfer of {amount} (payment {billNo}); the orders it pays are now paid.',
        'You can download the receipt or request an invoice under "My orders" in the personal centre.',
      ],
    },
  },
  paymentRejected: {
    zh: {
      subject: '【{conference}】汇款未能确认',
      lines: [
        '{name}，您好：',
        '会务组未能确认您的汇款 {amount}（支付单号 {billNo}）。原因：{note}',
        '相关订单已恢复为待支付，请重新支付或联系会务组。',
      ],
    },
    en: {
      subject: '[{conference}] Transfer not confirmed',
      lines: [
        'Dear {name},',
        'The organisers could not confirm your transfer of {amount} (payment {billNo}). Reason: {note}',
        'The orders are unpaid again: please pay them again or contact the organisers.',
      ],
    },
  },
  invoiceIssued: {
    zh: {
      subject: '【{conference}】发票已开具',
      lines: [
        '{name}，您好：',
        '您为订单 {orderNo} 申请的发票（抬头：{title}，金额：{amount}）已开具并寄出，快递单号：{trackingNumber}。',
        '您可以在个人中心“我的订单”的收据页面查看发票申请的状态。',
      ],
    },
    en: {
      subject: '[{conference}] Your invoice has been issued',
      lines: [
        'Dear {name},',
        'The invoice you requested for order {orderNo} (name on the invoice: {title}; amount: {amount}) has been issued and posted. Tracking number: {trackingNumber}.',
        'You can follow your invoice request on the receipt page under "My orders" in the personal centre.',
      ],
    },
  },
  invoiceIssuedElectronic: {
    zh: {
      subject: '【{conference}】电子发票已开具',
      lines: [
        '{name}，您好：',
        '您为订单 {orderNo} 申请的电子发票（抬头：{title}，金额：{amount}）已开具。',
        '请登录后在订单页面下载发票文件：{link}',
      ],
    },
    en: {
      subject: '[{conference}] Your electronic invoice has been issued',
      lines: [
        'Dear {name},',
        'The electronic invoice you requested for order {orderNo} (name on the invoice: {title}; amount: {amount}) has been issued.',
        'Sign in and download the invoice file from the order page: {link}',
      ],
    },
  },
  reviewerInvitation: {
    zh: {
      subject: '【{conference}】审稿专家邀请',
      lines: [
        '{name}，您好：',
        '{conference} 会务组诚邀您担任本次会议的审稿专家。',
        '请打开以下链接，填写个人信息并激活审稿账号：{link}',
        '该链接仅可使用一次；如会务组重新发送邀请，旧链接将失效。如您并未期待此邀请，请忽略本邮件。',
      ],
    },
    en: {
      subject: '[{conference}] Invitation to review',
      lines: [
        'Dear {name},',
        'The organisers of {conference} invite you to review submissions to the conference.',
        'Open this link to complete your details and activate your reviewer account: {link}',
        'The link works once; if the organisers send the invitation again, this link stops working. If you did not expect this invitation, please ignore this email.',
      ],
    },
  },
  abstractAssigned: {
    zh: {
      subject: '【{conference}】请评审稿件 {code}',
      lines: [
        '{name}，您好：',
        '{conference} 的稿件 {code}《{title}》已分配给您评审。',
        '请登录会议网站，在“评审”页面查看稿件、打分并填写评审意见：{link}',
      ],
    },
    en: {
      subject: '[{conference}] Please review submission {code}',
      lines: [
        'Dear {name},',
        'Submission {code} "{title}" of {conference} has been assigned to you for review.',
        'Sign in to the conference website to read it, give your scores and write your opinion in the review area: {link}',
      ],
    },
  },
  abstractReviewed: {
    zh: {
      subject: '【{conference}】稿件 {code} 收到一份评审',
      lines: [
        '{name}，您好：',
        '稿件 {code}《{title}》收到一份新的评审（总体评分：{overall}）。已提交 {done} 份，共分配 {total} 份。',
        '您可以在评审总览中查看全部评审：{link}',
      ],
    },
    en: {
      subject: '[{conference}] A review of submission {code} arrived',
      lines: [
        'Dear {name},',
        'Submission {code} "{title}" received a new review (overall score: {overall}). {done} of {total} assigned reviews are in.',
        'You can read every review in the review overview: {link}',
      ],
    },
  },
  chairReview: {
    zh: {
      subject: '【{conference}】稿件 {code} 的评审已全部完成，请作出决定',
      lines: [
        '{name}，您好：',
        '稿件 {code}《{title}》（第 {version} 版）的 {total} 份评审已全部提交（最后一份总体评分：{overall}）。',
        '请作为评审主席填写主席意见和最终意见，并作出录用、拒绝或修改的决定：{link}',
      ],
    },
    en: {
      subject: '[{conference}] All reviews of submission {code} are in: your decision',
      lines: [
        'Dear {name},',
        'All {total} reviews of submission {code} "{title}" (version {version}) have been submitted (the last overall score: {overall}).',
        'As the review chair, please write the chair opinion and the final opinion and decide to accept, reject or ask for changes: {link}',
      ],
    },
  },
  finalResult: {
    zh: {
      subject: '【{conference}】稿件 {code} 的评审结果',
      lines: ['{name}，您好：', '您提交的稿件 {code}《{title}》的评审结果为：{decision}。', '最终意见：{opinion}', '{next}'],
    },
    en: {
      subject: '[{conference}] The review result of submission {code}',
      lines: [
        'Dear {name},',
        'The review result of your submission {code} "{title}" is: {decision}.',
        'Final opinion: {opinion}',
        '{next}',
      ],
    },
  },
  submissionReceived: {
    zh: {
      subject: '【{conference}】投稿已收到：{code}',
      lines: [
        '{name}，您好：',
        '我们已收到您向 {conference} 提交的稿件《{title}》，稿件编号：{code}。',
        '{fee}',
        '评审结果公布后，您可以在个人中心“在线投稿”中查看稿件状态和最终意见。',
      ],
    },
    en: {
      subject: '[{conference}] Submission received: {code}',
      lines: [
        'Dear {name},',
        'We have received your submission "{title}" to {conference}. Its number is {code}.',
        '{fee}',
        'Follow its status under "Online submission" in the personal centre; the final opinion appears there once the decision is released.',
      ],
    },
  },
  submissionResubmitted: {
    zh: {
      subject: '【{conference}】修改稿已收到：{code}',
      lines: [
        '{name}，您好：',
        '我们已收到稿件《{title}》（编号 {code}）的第 {version} 版修改稿，将重新进行评审。',
        '评审结果公布后，您可以在个人中心“在线投稿”中查看稿件状态和最终意见。',
      ],
    },
    en: {
      subject: '[{conference}] Revised version received: {code}',
      lines: [
        'Dear {name},',
        'We have received version {version} of your submission "{title}" ({code}); it will be reviewed again.',
        'Follow its status under "Online submission" in the personal centre; the final opinion appears there once the decision is released.',
      ],
    },
  },
  hotelBooking: {
    zh: {
      subject: '【{conference}】酒店预订确认：{hotel}',
      lines: [
        '{name}，您好：',
        '您已预订 {hotel} 的{roomType}：{checkIn} 入住，{checkOut} 退房，共 {nights} 晚，{rooms} 间。',
        '订单号：{orderNo}，应付金额：{total}。请于 {payBy} 前支付：{payUrl}。逾期未支付的订单将失效，房间将被释放。',
        '特殊要求：{requirements}',
      ],
    },
    en: {
      subject: '[{conference}] Hotel booking: {hotel}',
      lines: [
        'Dear {name},',
        'You booked {rooms} room(s) of the type "{roomType}" at {hotel}: check-in {checkIn}, check-out {checkOut}, {nights} night(s).',
        'Order number: {orderNo}, amount due: {total}. Please pay by {payBy}: {payUrl}. An order not paid by then lapses and its rooms are released.',
        'Special requirements: {requirements}',
      ],
    },
  },
  hotelBookingInvalidated: {
    zh: {
      subject: '【{conference}】酒店预订已失效：{orderNo}',
      lines: [
        '{name}，您好：',
        '会议更改了酒店的结算币种，您尚未支付的酒店预订（{hotel} {roomType}，{checkIn} 至 {checkOut}，{rooms} 间，订单号 {orderNo}）已失效，房间已释放。',
        '如仍需住宿，请在个人中心“酒店预订”中按新的价格重新预订。',
      ],
    },
    en: {
      subject: '[{conference}] Your hotel booking lapsed: {orderNo}',
      lines: [
        'Dear {name},',
        'The conference changed the currency hotel rooms are paid in, so your unpaid hotel booking ({hotel}, {roomType}, {checkIn} to {checkOut}, {rooms} room(s), order {orderNo}) is no longer valid and its rooms were released.',
        'If you still need a room, book again at the new price under "Hotel booking" in the personal centre.',
      ],
    },
  },
  hotelBookingRepriced: {
    zh: {
      subject: '【{conference}】酒店预订已失效：{orderNo}',
      lines: [
        '{name}，您好：',
        '会议调整了 {hotel} {roomType} 的房价，您尚未支付的预订（{checkIn} 至 {checkOut}，{rooms} 间，订单号 {orderNo}）已失效，房间已释放。',
        '如仍需住宿，请在个人中心“酒店预订”中按新的价格重新预订。',
      ],
    },
    en: {
      subject: '[{conference}] Your hotel booking lapsed: {orderNo}',
      lines: [
        'Dear {name},',
        'The conference changed the price of {roomType} at {hotel}, so your unpaid booking ({checkIn} to {checkOut}, {rooms} room(s), order {orderNo}) is no longer valid and its rooms were released.',
        'If you still need a room, book again at the new price under "Hotel booking" in the personal centre.',
      ],
    },
  },
  payReminder: {
    zh: {
      subject: '【{conference}】请于 {payBy} 前支付订单',
      lines: [
        '{name}，您好：',
        '您在 {conference} 的以下订单尚未支付：{orders}。',
        '请于 {payBy} 前完成支付：{payUrl}',
        '逾期未支付的订单将自动失效，名额（或房间）将被释放。如已支付，请忽略本邮件。',
      ],
    },
    en: {
      subject: '[{conference}] Please pay your order by {payBy}',
      lines: [
        'Dear {name},',
        'These orders of yours at {conference} are not paid yet: {orders}.',
        'Please pay them by {payBy}: {payUrl}',
        'An order not paid by then lapses and its places (or rooms) are released. If you have paid already, please ignore this email.',
      ],
    },
  },
  orderExpired: {
    zh: {
      subject: '【{conference}】订单已过期',
      lines: [
        '{name}，您好：',
        '您在 {conference} 的以下订单未在 {payBy} 前支付，已过期失效，名额（或房间）已释放：{orders}。',
        '如仍需参加，请登录个人中心重新选择费用或预订：{link}',
      ],
    },
    en: {
      subject: '[{conference}] Your order expired',
      lines: [
        'Dear {name},',
        'These orders of yours at {conference} were not paid by {payBy}: they expired and their places (or rooms) were released: {orders}.',
        'If you still need them, sign in and choose the fees or book again in the personal centre: {link}',
      ],
    },
  },
  programmeChanged: {
    zh: {
      subject: '【{conference}】您的报告安排有变动',
      lines: [
        '{name}，您好：',
        '{conference} 发布了第 {version} 版会议日程，您报告的时间、会场或分会场有变动，新的安排如下：',
        '{changes}',
        '完整日程：{link}',
      ],
    },
    en: {
      subject: '[{conference}] Your slot in the programme changed',
      lines: [
        'Dear {name},',
        '{conference} published version {version} of its programme. The time, room or session of your contribution changed; it is now:',
        '{changes}',
        'The whole programme: {link}',
      ],
    },
  },
  // The ticket is a credential (its QR code lets the holder in): platform SMTP only (MAIL_KINDS).
  ticketIssued: {
    zh: {
      subject: '【{conference}】您的参会电子票',
      lines: [
        '{name}，您好：',
        '您在 {conference} 的注册（注册号 {code}）已完成，电子票已生成。',
        '入场时请出示电子票二维码：电子票 PDF 见本邮件附件，也可登录后在个人中心查看或下载：{link}',
        '请勿将二维码转给他人；如电子票重新签发，旧二维码将失效。',
      ],
    },
    en: {
      subject: '[{conference}] Your ticket',
      lines: [
        'Dear {name},',
        'Your registration for {conference} (registration no. {code}) is complete and your ticket is ready.',
        'Show the ticket’s QR code at the entrance: the ticket PDF is attached to this mail; you can also sign in to see it in your profile or download it: {link}',
        'Do not pass the QR code on; if the ticket is reissued, the old QR code stops working.',
      ],
    },
  },
  // The certificate of attendance is downloaded after signing in: the mail carries no credential.
  certificateIssued: {
    zh: {
      subject: '【{conference}】您的参会证明',
      lines: [
        '{name}，您好：',
        '感谢您参加 {conference}。您的参会证明（中英文）已经生成。',
        '登录后在个人中心下载参会证明 PDF：{link}',
        '证明的验证码为 {code}，任何人可在此核验其真伪：{verify}',
      ],
    },
    en: {
      subject: '[{conference}] Your certificate of attendance',
      lines: [
        'Dear {name},',
        'Thank you for attending {conference}. Your certificate of attendance (in Chinese and English) is ready.',
        'Sign in and download the PDF from your profile: {link}',
        'Its verification code is {code}; anyone can check that it is genuine here: {verify}',
      ],
    },
  },
} satisfies Record<string, Bilingual>;

export type MailTemplateName = keyof typeof mailTemplates;
export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fill(line: string, vars: Record<string, string | number>, escape: (v: string) => string): string {
  return line.replace(/\{(\w+)\}/g, (whole, key: string) => (key in vars ? escape(String(vars[key])) : whole));
}

export function renderMail(name: MailTemplateName, locale: Locale, vars: Record<string, string | number>): RenderedMail {
  const template: Template = mailTemplates[name][locale];
  const subject = fill(template.subject, vars, (v) => v);
  const text = template.lines.map((line) => fill(line, vars, (v) => v)).join('\n\n');
  const body = template.lines.map((line) => `<p>${fill(line, vars, escapeHtml)}</p>`).join('\n');
  const html = `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><body style="font-family:sans-serif;line-height:1.6">${body}</body></html>`;
  return { subject, text, html };
}
